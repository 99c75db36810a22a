/**
 * Customers ({@code clientes}) and suppliers ({@code fornecedores}): master data with a
 * validated, unique CPF/CNPJ. Other modules check that a customer exists through
 * {@link br.suite.customers.ClienteDirectory} and, by implementing
 * {@link br.suite.customers.ClienteReferences}, keep the customers they refer to from
 * being deleted. Every create, update and delete writes an audit event (personal data
 * masked). Modules add sections to a customer's page through
 * {@link br.suite.customers.ClientePageSection}. Suppliers are reached the same way
 * ({@link br.suite.customers.FornecedorDirectory},
 * {@link br.suite.customers.FornecedorReferences}); their default category is checked
 * through {@link br.suite.customers.FornecedorCategories}, which the module owning the
 * chart of categories implements. Publishes no events.
 */
@ApplicationModule(allowedDependencies = { "shared", "audit", "web" })
@NullMarked
package br.suite.customers;

import org.jspecify.annotations.NullMarked;
import org.springframework.modulith.ApplicationModule;
