CREATE TABLE "sign_ins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every session made is a sign-in (sign-in, sign-up, an accepted invitation); refreshing a session updates it instead.
CREATE FUNCTION record_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sign_ins (user_id, last_sign_in_at) VALUES (NEW.user_id, NEW.created_at)
  ON CONFLICT (user_id) DO UPDATE SET last_sign_in_at = greatest(sign_ins.last_sign_in_at, EXCLUDED.last_sign_in_at);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER session_records_sign_in AFTER INSERT ON "session" FOR EACH ROW EXECUTE FUNCTION record_sign_in();--> statement-breakpoint
-- What was known before: the sessions still there, and the last sign-ins that suspensions kept in the audit log.
INSERT INTO sign_ins (user_id, last_sign_in_at)
SELECT user_id, max(at) FROM (
  SELECT user_id, created_at AS at FROM "session"
  UNION ALL
  SELECT a.target_id, (a.details->>'lastSignInAt')::timestamptz FROM audit_log a
  JOIN "user" u ON u.id = a.target_id
  WHERE a.action = 'user.suspend' AND a.details->>'lastSignInAt' IS NOT NULL
) AS known GROUP BY user_id;
