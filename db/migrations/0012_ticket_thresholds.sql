ALTER TABLE "locations" ADD COLUMN "ticket_warn_minutes" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "ticket_late_minutes" integer DEFAULT 10 NOT NULL;