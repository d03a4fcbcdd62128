CREATE TABLE "endpoint_alerts" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "endpoint_alerts_created_idx" ON "endpoint_alerts" USING btree ("created_at");