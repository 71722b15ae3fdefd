"""The table terminal: a tablet signs in with its table's code and enters results.

Everything a tablet reads or writes is bound to the table its signed token
names; results go through :func:`tournaments.services.results.result_submit`.
"""
