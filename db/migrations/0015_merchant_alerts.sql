CREATE TYPE "public"."merchant_alert_kind" AS ENUM('POS_OFFLINE', 'POS_OFFLINE_PAUSE', 'ORDERS_AUTO_REJECTED');--> statement-breakpoint
CREATE TABLE "alert_episodes" (
	"kind" "merchant_alert_kind" NOT NULL,
	"location_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_episodes_kind_location_id_since_pk" PRIMARY KEY("kind","location_id","since")
);
--> statement-breakpoint
CREATE TABLE "alert_opt_outs" (
	"user_id" text NOT NULL,
	"kind" "merchant_alert_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "auto_reject_alerts" (
	"location_id" text PRIMARY KEY NOT NULL,
	"unmailed_count" integer DEFAULT 0 NOT NULL,
	"first_unmailed_at" timestamp with time zone,
	"last_mailed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_episodes" ADD CONSTRAINT "alert_episodes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_opt_outs" ADD CONSTRAINT "alert_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_reject_alerts" ADD CONSTRAINT "auto_reject_alerts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;