-- Member search finds an e-mail by its domain (`example.org`) and a phone number by its last digits, typed
-- without the country code or the spaces it was stored with (`13800138000` finds `+86 138 0013 8000`): both
-- as ranges from the start of an expression (the domain, lower-cased; the phone's digits, last first), on
-- text_pattern_ops indexes as the other prefixes (0013), instead of reading every member.
CREATE INDEX "users_email_domain_index" ON "users" USING btree (lower(split_part("email", '@', 2)) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_phone_digits_index" ON "users" USING btree (reverse(regexp_replace("phone", '[^0-9]', '', 'g')) text_pattern_ops);--> statement-breakpoint
-- The planner knows how many members a domain or a number's end matches only from statistics on the new
-- expressions, which ANALYZE gathers.
ANALYZE "users";
