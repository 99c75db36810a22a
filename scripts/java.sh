# The one place that picks the JDK the service runs on (scripts/start) and the tests run on (scripts/test):
# the newest JDK 25 or later under /usr/lib/jvm. Sourced by both.

# The Java feature version of a java executable (17, 25), or nothing when it does not say.
java_feature() {
  local version
  version="$("$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
  printf '%s\n' "${version%%.*}"
}

# The newest java of feature version 25 or later under /usr/lib/jvm, or nothing when there is none.
newest_java_25() {
  local candidate
  for candidate in $(ls -d /usr/lib/jvm/*/bin/java 2>/dev/null | sort -rV); do
    if [ "$(java_feature "$candidate")" -ge 25 ] 2>/dev/null; then
      printf '%s\n' "$candidate"
      return
    fi
  done
}
