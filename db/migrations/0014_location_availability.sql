CREATE TABLE "location_availability" (
	"location_id" text PRIMARY KEY NOT NULL,
	"hours" jsonb,
	"special_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_until" timestamp with time zone,
	"pause_reason" text,
	"paused_by" text,
	"busy_minutes" integer,
	"busy_until" timestamp with time zone,
	"pos_offline_pause" boolean DEFAULT true NOT NULL,
	"pos_offline_after_seconds" integer DEFAULT 120 NOT NULL,
	"pos_offline_seen_for" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"published" jsonb,
	"next_check_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "location_availability" ADD CONSTRAINT "location_availability_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "location_availability_next_check_idx" ON "location_availability" USING btree ("next_check_at");