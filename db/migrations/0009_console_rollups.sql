-- The console's counts (overview, partner health) read these rollups instead of a day of raw rows. From now on the
-- request-log flusher and the webhook dispatcher add to them as they write; the rows already logged are counted here
-- (the same counting as recountRollups in lib/ops/rollups.ts, whose bounds the latency histogram repeats).
CREATE TABLE "webhook_delivery_hours" (
	"hour" timestamp with time zone NOT NULL,
	"partner_id" text NOT NULL,
	"succeeded" integer NOT NULL,
	"failed" integer NOT NULL,
	CONSTRAINT "webhook_delivery_hours_hour_partner_id_pk" PRIMARY KEY("hour","partner_id")
);
--> statement-breakpoint
CREATE TABLE "api_request_hours" (
	"hour" timestamp with time zone NOT NULL,
	"partner_id" text,
	"client_id" text,
	"error_code" text,
	"requests" integer NOT NULL,
	"errors" integer NOT NULL,
	"token_grants" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "api_request_hours_key" UNIQUE NULLS NOT DISTINCT("hour","partner_id","client_id","error_code")
);
--> statement-breakpoint
CREATE TABLE "api_request_minutes" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL,
	"client_errors" integer NOT NULL,
	"server_errors" integer NOT NULL,
	"latency_counts" integer[] NOT NULL
);--> statement-breakpoint
WITH per_bucket AS (
	SELECT date_trunc('minute', "at", 'UTC') AS minute, width_bucket("latency_ms", '{1,2,3,4,5,6,8,10,12,15,20,25,30,40,50,60,80,100,120,150,200,250,300,400,500,600,800,1000,1200,1500,2000,2500,3000,4000,5000,6000,8000,10000}'::int[]) AS bucket,
		count(*)::int AS n, count(*) FILTER (WHERE "status" >= 400 AND "status" < 500)::int AS c4, count(*) FILTER (WHERE "status" >= 500)::int AS c5
	FROM "api_request_log" GROUP BY 1, 2
), per_minute AS (
	SELECT minute, sum(n)::int AS n, sum(c4)::int AS c4, sum(c5)::int AS c5, jsonb_object_agg(bucket, n) AS buckets FROM per_bucket GROUP BY minute
)
INSERT INTO "api_request_minutes" ("minute", "requests", "client_errors", "server_errors", "latency_counts")
SELECT minute, n, c4, c5, array(SELECT coalesce((buckets ->> s.i::text)::int, 0) FROM generate_series(0, 38) s(i) ORDER BY s.i) FROM per_minute;--> statement-breakpoint
INSERT INTO "api_request_hours" ("hour", "partner_id", "client_id", "error_code", "requests", "errors", "token_grants", "last_at")
SELECT date_trunc('hour', "at", 'UTC'), "partner_id", "client_id", "error_code", count(*)::int, count(*) FILTER (WHERE "status" >= 400)::int,
	count(*) FILTER (WHERE "surface" = 'oauth' AND "status" = 200)::int, max("at")
FROM "api_request_log" GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "webhook_delivery_hours" ("hour", "partner_id", "succeeded", "failed")
SELECT date_trunc('hour', "created_at", 'UTC'), "partner_id", count(*) FILTER (WHERE "status" = 'SUCCEEDED')::int, count(*) FILTER (WHERE "status" = 'FAILED')::int
FROM "webhook_deliveries" WHERE "status" <> 'PENDING' GROUP BY 1, 2;
