-- ADR 0094: an account's own address receives results once the account has proven it. Every account before this rule
-- has been receiving them, so it counts as proven, as ADR 0053 grandfathered the addresses tasks already mailed.
UPDATE "user" SET email_verified = true;
