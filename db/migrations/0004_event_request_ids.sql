ALTER TABLE "events" ADD COLUMN "request_id" text;--> statement-breakpoint
CREATE INDEX "events_request_idx" ON "events" USING btree ("request_id") WHERE "events"."request_id" is not null;