/**
 * The web pages: the punch kiosk ({@code /kiosk/}) and the back office ({@code /app/}),
 * server-rendered with Thymeleaf and htmx, signed in with a form and a session cookie
 * (the API stays token-only). Pages call the modules through their public facades, never
 * the JSON API.
 */
@ApplicationModule(allowedDependencies = { "shared", "access", "timeclock", "processdocs", "imports", "finance",
		"customers", "fins", "audit", "webhooks" })
@NullMarked
package br.suite.web;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
