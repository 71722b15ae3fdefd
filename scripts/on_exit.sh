# Sourced by the scripts: on_exit FUNCTION runs FUNCTION when the script exits,
# after the ones registered before it. One EXIT trap calls them all, so the
# throwaway Redis and PostgreSQL are both stopped (a second trap would replace
# the first).

DONNE_EXIT_HOOKS=("${DONNE_EXIT_HOOKS[@]+"${DONNE_EXIT_HOOKS[@]}"}")

run_exit_hooks() {
    local hook
    for hook in "${DONNE_EXIT_HOOKS[@]+"${DONNE_EXIT_HOOKS[@]}"}"; do
        "$hook" || true
    done
}

on_exit() {
    DONNE_EXIT_HOOKS+=("$1")
    trap run_exit_hooks EXIT
}
