# The README's commands. Everything runs inside .venv, created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench truth-figures clean

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

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# Rewrites calc/sim/truth_figures.json from the real games in tests/data.
truth-figures: $(STAMP)
	$(BIN)/python benchmarks/truth_figures.py

clean:
	rm -rf $(VENV) build *.egg-info
