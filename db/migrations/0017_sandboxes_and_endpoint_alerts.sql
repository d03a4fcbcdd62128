CREATE TABLE "sandboxes" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"location_id" text NOT NULL,
	"simulated_partner_ids" text[] NOT NULL,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"runner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "endpoint_alerts" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "sandbox_partner_id" text;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "sandbox_partner_id" text;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandboxes" ADD CONSTRAINT "sandboxes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endpoint_alerts_created_idx" ON "endpoint_alerts" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_sandbox_partner_id_partners_id_fk" FOREIGN KEY ("sandbox_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_sandbox_partner_id_partners_id_fk" FOREIGN KEY ("sandbox_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_sandbox_partner_idx" ON "merchants" USING btree ("sandbox_partner_id");