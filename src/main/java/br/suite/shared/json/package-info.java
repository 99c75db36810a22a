/**
 * The JSON every module speaks ({@code JsonSettings}: snake_case, no coercion, UTC
 * date-times), how a binding error names its field ({@code JsonErrors}), PATCH as an
 * overlay of the record's current state ({@code PartialUpdates}), and the OpenAPI
 * description that matches the wire ({@code OpenApiSettings}, {@code OpenApiSnakeCase}).
 */
@NullMarked
package br.suite.shared.json;

import org.jspecify.annotations.NullMarked;
