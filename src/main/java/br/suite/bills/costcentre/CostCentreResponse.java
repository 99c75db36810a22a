package br.suite.bills.costcentre;

import java.time.Instant;

record CostCentreResponse(long id, String code, String name, boolean active, Instant createdAt, Instant updatedAt) {
}
