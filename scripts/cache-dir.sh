# The one place that says where Suite's downloads are cached (face models, test photos): $SUITE_CACHE_DIR,
# else ~/.cache/suite (~: $HOME, or the account's home when HOME is unset). Sourced by the fetch scripts;
# the Java code never reads the cache, only what a script copied out of it into target/.
suite_cache_dir() {
  if [[ -n "${SUITE_CACHE_DIR:-}" ]]; then
    printf '%s\n' "$SUITE_CACHE_DIR"
  else
    printf '%s\n' "$(cd ~ && pwd)/.cache/suite"
  fi
}
