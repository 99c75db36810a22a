-- Employees for the REP-P (issue 14): the CPF printed on comprovantes and the AFD (11 digits, unique among users
-- when set) and the establishment they work at (a time clock establishment id, checked by the service through
-- the EstablishmentReferences port, so there is no foreign key across modules).
ALTER TABLE access_user
    ADD COLUMN cpf              varchar(11) CHECK (cpf ~ '^[0-9]{11}$'),
    ADD COLUMN establishment_id bigint;
CREATE UNIQUE INDEX access_user_cpf_idx ON access_user (cpf) WHERE cpf IS NOT NULL;
