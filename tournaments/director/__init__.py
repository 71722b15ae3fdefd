"""The tournament director's pages: events, sections, travellers, adjustments."""
