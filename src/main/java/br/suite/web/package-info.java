/**
 * The pages' shell: what every page of the kiosk ({@code /kiosk/}) and the back office
 * ({@code /app/}) shares, server-rendered with Thymeleaf and htmx: the layout
 * ({@code templates/fragments.html}), the signed-in person
 * ({@link br.suite.web.PageModel}), formats ({@link br.suite.web.Formats}), form input
 * and errors ({@link br.suite.web.FormInput}, {@link br.suite.web.FormErrors}), the
 * pager, and the dashboard, whose counts the modules contribute as
 * {@link br.suite.web.DashboardTile}s. Each module serves its own pages
 * ({@code <module>/<Area>Pages.java}, beside its controller); this module depends on none
 * of them (only on {@code shared}, for the signed-in caller and the Brazilian calendar).
 */
@ApplicationModule(allowedDependencies = "shared")
@NullMarked
package br.suite.web;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
