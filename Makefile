# The README's commands. Everything runs inside .venv, created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-browser screenshot bench truth-figures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[serve,test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/sanma demo
	$(BIN)/sanma settle examples/match.yaml --all-schemes

test: $(STAMP)
	$(BIN)/pytest

# The HTML reports and the compare plot in the system's headless Chromium (tests/test_browser.py);
# here a missing browser is a failure, not a skip.
test-browser: $(STAMP)
	SANMA_REQUIRE_BROWSER=1 $(BIN)/pytest -m browser

# Rewrites the docs' pictures from the browser tests: docs/report.png (`sanma settle --html`) and
# docs/serve.png (`sanma serve`'s page on a phone).
screenshot: $(STAMP)
	SANMA_REQUIRE_BROWSER=1 SANMA_UPDATE_SCREENSHOT=1 $(BIN)/pytest -m browser -k "settle_report_shows or serve_page"

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# Rewrites calc/sim/truth_figures.json from the real games in tests/data.
truth-figures: $(STAMP)
	$(BIN)/python benchmarks/truth_figures.py

clean:
	rm -rf $(VENV) build *.egg-info
