-- Attempts carry their delivery's endpoint, so the console counts an endpoint's last 24 hours from an index instead of
-- looking up the attempts of each of its deliveries. Existing attempts take it from their delivery before the column
-- becomes required.
ALTER TABLE "webhook_attempts" ADD COLUMN "endpoint_id" text;--> statement-breakpoint
UPDATE "webhook_attempts" a SET "endpoint_id" = d."endpoint_id" FROM "webhook_deliveries" d WHERE d."id" = a."delivery_id";--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "endpoint_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_succeeded_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at") WHERE status_code between 200 and 299 and error is null;--> statement-breakpoint
CREATE INDEX "webhook_attempts_endpoint_failed_idx" ON "webhook_attempts" USING btree ("endpoint_id","attempted_at") WHERE not (status_code between 200 and 299 and error is null);
