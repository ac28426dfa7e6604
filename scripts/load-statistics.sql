-- The default site's statistics (Content/stats/*.csv) as PostgreSQL tables, one per file,
-- with the types Masthead infers for the files. scripts/with-postgres.sh runs this file, then
-- \copy TABLE FROM 'Content/stats/TABLE.csv' WITH (FORMAT csv, HEADER true) for each table.
CREATE TABLE activities (date date, member text, event text, points integer);
CREATE TABLE redemptions (date date, member text, prize text, title text, points integer, kind text);
CREATE TABLE questionnaires (date date, member text, questionnaire text, question text, score integer);
CREATE TABLE members (id text, joined date, city text, balance integer);
CREATE TABLE machines (member text, serial bigint, model text, registered date);
