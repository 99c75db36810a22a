/**
 * What the service runs on, below every business module: the embedded PostgreSQL (server,
 * supervisor, stalled-connection watchdog, encoding check, settings and meters), its
 * backups and the {@code restore} command, the scheduler with its per-job threads and
 * ShedLock, and the graceful-shutdown drain. No module uses its types: they are Spring
 * beans, configuration and one command {@code SuiteApplication} runs before Spring
 * starts. A shared module ({@code @Modulithic(sharedModules)}): every
 * {@code @ApplicationModuleTest} bootstraps it, so a module tested on its own still has
 * its database and scheduler, as when these types sat in {@code br.suite}.
 */
@ApplicationModule(allowedDependencies = "shared")
@NullMarked
package br.suite.platform;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
