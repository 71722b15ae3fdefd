"""Public results: rankings, travellers, scorecards and the Excel workbook."""
