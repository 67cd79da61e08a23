# Sourced by scripts/run and scripts/test. `ensure_venv run` / `ensure_venv dev` install kozyr
# (pip install -e . / -e ".[dev]") into .venv only when .venv is missing or pyproject.toml
# changed since the last such install: the stamp .venv/.installed-run (-dev) holds
# pyproject.toml's sha256 (a dev install stamps both). So with everything installed kozyr starts
# without reaching the package index.
ensure_venv() {
  local kind="$1" want spec
  want="$(sha256sum pyproject.toml | cut -d' ' -f1)"
  if [ -x .venv/bin/python ] && [ "$(cat ".venv/.installed-$kind" 2>/dev/null)" = "$want" ]; then
    return 0
  fi
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
    .venv/bin/python -m pip install --quiet --upgrade pip
  fi
  spec="."
  [ "$kind" = dev ] && spec=".[dev]"
  .venv/bin/python -m pip install --quiet -e "$spec"
  printf '%s\n' "$want" > .venv/.installed-run
  [ "$kind" = dev ] && printf '%s\n' "$want" > .venv/.installed-dev
  return 0
}
