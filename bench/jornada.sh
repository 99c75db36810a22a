#!/bin/sh
# Times the jornada computation (issue 24): one month of 30 employees with 4 marks a day.
# Needs the compiled classes: mvn -B -ntp -q test-compile
set -e
cd "$(dirname "$0")/.."
exec java -cp target/classes:target/test-classes br.suite.timeclock.jornada.JornadaBench
