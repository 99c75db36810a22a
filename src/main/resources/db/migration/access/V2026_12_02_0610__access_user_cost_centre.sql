-- The cost centre an employee's hours belong to (contas a pagar e a receber: the cash flow and DRE split payroll
-- by it). The id is the bills module's; access checks it through the CostCentreReferences port, so there is no
-- foreign key across the modules. Cost centres are never deleted, so the id always resolves.
ALTER TABLE access_user ADD COLUMN cost_centre_id bigint;
