-- The employee's registration number in the company's payroll (matrícula, issue 27): one of the employee keys a
-- payroll export layout may use. Unique among users when set.
ALTER TABLE access_user ADD COLUMN matricula varchar(30) CHECK (matricula ~ '^[0-9A-Za-z./-]{1,30}$');
CREATE UNIQUE INDEX access_user_matricula_idx ON access_user (matricula) WHERE matricula IS NOT NULL;
