"""Floor tools: rulings browser, hand stepper, incident records (issue 10)."""
