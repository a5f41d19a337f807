# The README's commands. Everything runs inside .venv, created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test fuzz test-browser screenshot bench truth-figures clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/sanma demo
	$(BIN)/sanma settle examples/match.yaml --all-schemes

test: $(STAMP)
	$(BIN)/pytest

# The differential harness (tests/doors.py) on many simulated matches, on every core: every door
# must give the simulator's result and every broken record must be refused (docs/development.md).
MATCHES ?= 10000
fuzz: $(STAMP)
	$(BIN)/python tests/fuzz_doors.py --matches $(MATCHES)

# The HTML reports and the compare plot in the system's headless Chromium (tests/test_browser.py);
# here a missing browser is a failure, not a skip.
test-browser: $(STAMP)
	SANMA_REQUIRE_BROWSER=1 $(BIN)/pytest -m browser

# Rewrites docs/report.png, the README's picture of `sanma settle --html`, from the browser test.
screenshot: $(STAMP)
	SANMA_REQUIRE_BROWSER=1 SANMA_UPDATE_SCREENSHOT=1 $(BIN)/pytest -m browser -k settle_report_shows

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# Rewrites calc/sim/truth_figures.json from the real games in tests/data.
truth-figures: $(STAMP)
	$(BIN)/python benchmarks/truth_figures.py

clean:
	rm -rf $(VENV) build *.egg-info
