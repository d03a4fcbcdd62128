CREATE TYPE "public"."partner_type" AS ENUM('POS', 'ORDERING_APP', 'BOOKING_APP', 'LOYALTY');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('MERCHANT', 'LOYALTY_PARTNER', 'ADMIN');--> statement-breakpoint
CREATE TYPE "public"."delivery_status" AS ENUM('PENDING', 'SUCCEEDED', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."device_authorization_status" AS ENUM('PENDING', 'APPROVED', 'DENIED');--> statement-breakpoint
CREATE TYPE "public"."grant_kind" AS ENUM('DEVICE_CODE', 'CLIENT_CREDENTIALS');--> statement-breakpoint
CREATE TYPE "public"."order_actor_type" AS ENUM('POS', 'ORDERING_APP', 'MERCHANT', 'SYSTEM');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('CREATED', 'ACCEPTED', 'REJECTED', 'BEING_PREPARED', 'READY', 'OUT_FOR_DELIVERY', 'CANCELLED_BY_MERCHANT', 'CANCELLED_BY_CUSTOMER', 'FULFILLED');--> statement-breakpoint
CREATE TYPE "public"."loyalty_onboarding_integration_status" AS ENUM('PENDING', 'SUCCESS', 'REJECTED_BY_PARTNER');--> statement-breakpoint
CREATE TYPE "public"."loyalty_onboarding_status" AS ENUM('IN_PROGRESS', 'COMPLETED');--> statement-breakpoint
CREATE TYPE "public"."loyalty_payment_mode" AS ENUM('INTEGRATED', 'STANDALONE', 'NOT_APPLICABLE');--> statement-breakpoint
CREATE TYPE "public"."loyalty_payment_source" AS ENUM('EFTPOS', 'ONLINE');--> statement-breakpoint
CREATE TYPE "public"."loyalty_payment_type" AS ENUM('PURCHASE', 'REFUND', 'CASHOUT', 'OPEN_PRE_AUTH', 'CLOSE_PRE_AUTH', 'VOID');--> statement-breakpoint
CREATE TYPE "public"."booking_arrival_status" AS ENUM('ON_TIME', 'EARLY', 'RUNNING_LATE', 'NO_SHOW');--> statement-breakpoint
CREATE TYPE "public"."booking_asset_type" AS ENUM('TABLE', 'ROOM');--> statement-breakpoint
CREATE TYPE "public"."booking_source" AS ENUM('POS', 'APP', 'MERCHANT');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('CREATED', 'ACCEPTED', 'REJECTED', 'CANCELLED_BY_CUSTOMER', 'CANCELLED_BY_MERCHANT');--> statement-breakpoint
CREATE TYPE "public"."booking_table_status" AS ENUM('SEATED', 'DINING', 'CLOSING', 'FINALISED');--> statement-breakpoint
CREATE TYPE "public"."sale_status" AS ENUM('OPEN', 'CLOSED', 'REOPENED');--> statement-breakpoint
CREATE TYPE "public"."sale_type" AS ENUM('SALE', 'REFUND', 'VOID', 'COMBINATION');--> statement-breakpoint
CREATE TABLE "clients" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"secret_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"location_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" text NOT NULL,
	"name" text NOT NULL,
	"timezone" text DEFAULT 'Australia/Sydney' NOT NULL,
	"last_online_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"loyalty_program_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" "partner_type" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"password_hash" text NOT NULL,
	"role" "user_role" NOT NULL,
	"merchant_id" text,
	"partner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_recipients" (
	"partner_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"event_id" text NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	CONSTRAINT "event_recipients_partner_id_event_seq_pk" PRIMARY KEY("partner_id","event_seq")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"location_id" text,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_version" integer NOT NULL,
	"actor_partner_id" text,
	"payload" jsonb NOT NULL,
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_presence" (
	"id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"location_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"pos_version" text,
	"supported_apis" jsonb,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"status_code" integer,
	"latency_ms" integer NOT NULL,
	"error" text,
	"response_snippet" text
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_seq" bigint NOT NULL,
	"event_type" text NOT NULL,
	"endpoint_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"resource_key" text NOT NULL,
	"status" "delivery_status" DEFAULT 'PENDING' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"url" text NOT NULL,
	"event_types" text[],
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_expires_at" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_authorizations" (
	"id" text PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"client_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"audience" text NOT NULL,
	"status" "device_authorization_status" DEFAULT 'PENDING' NOT NULL,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"grant_id" text,
	"decided_by_user_id" text,
	"decided_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grant_locations" (
	"grant_id" text NOT NULL,
	"location_id" text NOT NULL,
	CONSTRAINT "grant_locations_grant_id_location_id_pk" PRIMARY KEY("grant_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "grants" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "grant_kind" NOT NULL,
	"partner_id" text NOT NULL,
	"client_id" text NOT NULL,
	"approved_by_user_id" text,
	"audience" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"grant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "revoked_access_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	"published_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"status_info" text,
	"reason" text,
	"actor_type" "order_actor_type" NOT NULL,
	"actor_partner_id" text,
	"actor_user_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"app_partner_id" text NOT NULL,
	"origin_order_id" text NOT NULL,
	"origin_name" text NOT NULL,
	"status" "order_status" NOT NULL,
	"status_info" text,
	"content" jsonb NOT NULL,
	"request_digest" text NOT NULL,
	"auto_reject_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_activations" (
	"location_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"loyalty_program_id" text NOT NULL,
	"onboarding_reference" text NOT NULL,
	"sign_up_url" text,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_activities" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"location_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"member_id" text NOT NULL,
	"registered_card_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_member_references" (
	"member_reference" text PRIMARY KEY NOT NULL,
	"card_fingerprint" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_members" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"member_id" text NOT NULL,
	"cards_issued" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_onboarding_requests" (
	"onboarding_reference" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"merchant_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"status" "loyalty_onboarding_status" DEFAULT 'IN_PROGRESS' NOT NULL,
	"integration_status" "loyalty_onboarding_integration_status" DEFAULT 'PENDING' NOT NULL,
	"location_details" jsonb NOT NULL,
	"business_details" jsonb NOT NULL,
	"requested_by_user_id" text,
	"loyalty_program_id" text,
	"rejection_reason" text,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"card_fingerprint" text NOT NULL,
	"last_four" text NOT NULL,
	"payment_type" "loyalty_payment_type" NOT NULL,
	"payment_source" "loyalty_payment_source" NOT NULL,
	"mode" "loyalty_payment_mode" NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"goods_and_services_amount" integer NOT NULL,
	"tip_amount" integer NOT NULL,
	"surcharge_amount" integer NOT NULL,
	"cashout_amount" integer NOT NULL,
	"terminal_series" text,
	"created_by_partner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_registered_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"member_row_id" text NOT NULL,
	"card_fingerprint" text NOT NULL,
	"last_four" text NOT NULL,
	"payment_id" text NOT NULL,
	"payment_source" "loyalty_payment_source" NOT NULL,
	"pre_accumulated_reward" integer DEFAULT 0 NOT NULL,
	"first_used_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_reward_limits" (
	"location_id" text PRIMARY KEY NOT NULL,
	"unregistered_reward_limit" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_unregistered_balances" (
	"member_reference" text NOT NULL,
	"partner_id" text NOT NULL,
	"accumulated_reward" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_unregistered_balances_member_reference_partner_id_pk" PRIMARY KEY("member_reference","partner_id")
);
--> statement-breakpoint
CREATE TABLE "booking_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"booking_id" text NOT NULL,
	"location_id" text NOT NULL,
	"type" text NOT NULL,
	"source_of_change" "booking_source" NOT NULL,
	"actor_partner_id" text,
	"actor_user_id" text,
	"event_data" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"app_partner_id" text,
	"created_by_partner_id" text NOT NULL,
	"source" "booking_source" NOT NULL,
	"origin_name" text,
	"booking_reference" text,
	"booking_status" "booking_status" NOT NULL,
	"reason" text,
	"asset_type" "booking_asset_type" NOT NULL,
	"table_status" "booking_table_status",
	"arrival_status" "booking_arrival_status",
	"table_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"number_of_people" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"location_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_location_id_id_pk" PRIMARY KEY("location_id","id")
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"number" text NOT NULL,
	"section_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" text PRIMARY KEY NOT NULL,
	"location_id" text NOT NULL,
	"pos_partner_id" text NOT NULL,
	"origin_sale_id" text NOT NULL,
	"status" "sale_status" NOT NULL,
	"type" "sale_type" NOT NULL,
	"table_number" text,
	"booking_id" text,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"content" jsonb NOT NULL,
	"request_digest" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_recipients" ADD CONSTRAINT "event_recipients_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_recipients" ADD CONSTRAINT "event_recipients_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_presence" ADD CONSTRAINT "pos_presence_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_presence" ADD CONSTRAINT "pos_presence_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_locations" ADD CONSTRAINT "grant_locations_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grant_locations" ADD CONSTRAINT "grant_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grants" ADD CONSTRAINT "grants_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_grant_id_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."grants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_actor_partner_id_partners_id_fk" FOREIGN KEY ("actor_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_app_partner_id_partners_id_fk" FOREIGN KEY ("app_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activations" ADD CONSTRAINT "loyalty_activations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activations" ADD CONSTRAINT "loyalty_activations_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activations" ADD CONSTRAINT "loyalty_activations_loyalty_program_id_loyalty_programs_id_fk" FOREIGN KEY ("loyalty_program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activations" ADD CONSTRAINT "loyalty_activations_onboarding_reference_loyalty_onboarding_requests_onboarding_reference_fk" FOREIGN KEY ("onboarding_reference") REFERENCES "public"."loyalty_onboarding_requests"("onboarding_reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD CONSTRAINT "loyalty_activities_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD CONSTRAINT "loyalty_activities_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_activities" ADD CONSTRAINT "loyalty_activities_payment_id_loyalty_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."loyalty_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_members" ADD CONSTRAINT "loyalty_members_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_onboarding_requests" ADD CONSTRAINT "loyalty_onboarding_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_onboarding_requests" ADD CONSTRAINT "loyalty_onboarding_requests_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_onboarding_requests" ADD CONSTRAINT "loyalty_onboarding_requests_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_onboarding_requests" ADD CONSTRAINT "loyalty_onboarding_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_onboarding_requests" ADD CONSTRAINT "loyalty_onboarding_requests_loyalty_program_id_loyalty_programs_id_fk" FOREIGN KEY ("loyalty_program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_payments" ADD CONSTRAINT "loyalty_payments_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_payments" ADD CONSTRAINT "loyalty_payments_created_by_partner_id_partners_id_fk" FOREIGN KEY ("created_by_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_registered_cards" ADD CONSTRAINT "loyalty_registered_cards_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_registered_cards" ADD CONSTRAINT "loyalty_registered_cards_member_row_id_loyalty_members_id_fk" FOREIGN KEY ("member_row_id") REFERENCES "public"."loyalty_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_reward_limits" ADD CONSTRAINT "loyalty_reward_limits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_unregistered_balances" ADD CONSTRAINT "loyalty_unregistered_balances_member_reference_loyalty_member_references_member_reference_fk" FOREIGN KEY ("member_reference") REFERENCES "public"."loyalty_member_references"("member_reference") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_unregistered_balances" ADD CONSTRAINT "loyalty_unregistered_balances_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_actor_partner_id_partners_id_fk" FOREIGN KEY ("actor_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_app_partner_id_partners_id_fk" FOREIGN KEY ("app_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_created_by_partner_id_partners_id_fk" FOREIGN KEY ("created_by_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_location_id_section_id_sections_location_id_id_fk" FOREIGN KEY ("location_id","section_id") REFERENCES "public"."sections"("location_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_pos_partner_id_partners_id_fk" FOREIGN KEY ("pos_partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_client_id_idx" ON "clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "clients_partner_idx" ON "clients" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_partner_location_idx" ON "connections" USING btree ("partner_id","location_id");--> statement-breakpoint
CREATE INDEX "connections_location_idx" ON "connections" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "locations_merchant_idx" ON "locations" USING btree ("merchant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_programs_partner_program_idx" ON "loyalty_programs" USING btree ("partner_id","loyalty_program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "event_recipients_event_idx" ON "event_recipients" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_recipients_feed_idx" ON "event_recipients" USING btree ("partner_id","txid","event_seq");--> statement-breakpoint
CREATE INDEX "events_seq_idx" ON "events" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_location_idx" ON "events" USING btree ("location_id","seq");--> statement-breakpoint
CREATE INDEX "pos_presence_location_idx" ON "pos_presence" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "pos_presence_instance_idx" ON "pos_presence" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("endpoint_id","resource_key","event_seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_partner_idx" ON "webhook_deliveries" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_partner_idx" ON "webhook_endpoints" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_authorizations_device_code_idx" ON "device_authorizations" USING btree ("device_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "device_authorizations_user_code_idx" ON "device_authorizations" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "grant_locations_location_idx" ON "grant_locations" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "grants_partner_idx" ON "grants" USING btree ("partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_idx" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_grant_idx" ON "refresh_tokens" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_app_origin_idx" ON "orders" USING btree ("app_partner_id","location_id","origin_order_id");--> statement-breakpoint
CREATE INDEX "orders_location_updated_idx" ON "orders" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_auto_reject_idx" ON "orders" USING btree ("auto_reject_at") WHERE "orders"."status" = 'CREATED';--> statement-breakpoint
CREATE INDEX "loyalty_activations_partner_idx" ON "loyalty_activations" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "loyalty_activities_partner_idx" ON "loyalty_activities" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_activities_payment_idx" ON "loyalty_activities" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_member_references_fingerprint_idx" ON "loyalty_member_references" USING btree ("card_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_members_partner_member_idx" ON "loyalty_members" USING btree ("partner_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_onboarding_pending_location_idx" ON "loyalty_onboarding_requests" USING btree ("location_id") WHERE integration_status = 'PENDING';--> statement-breakpoint
CREATE INDEX "loyalty_onboarding_partner_idx" ON "loyalty_onboarding_requests" USING btree ("partner_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_onboarding_location_idx" ON "loyalty_onboarding_requests" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_payments_location_idx" ON "loyalty_payments" USING btree ("location_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_cards_partner_fingerprint_idx" ON "loyalty_registered_cards" USING btree ("partner_id","card_fingerprint");--> statement-breakpoint
CREATE INDEX "loyalty_cards_member_idx" ON "loyalty_registered_cards" USING btree ("member_row_id");--> statement-breakpoint
CREATE INDEX "booking_changes_booking_idx" ON "booking_changes" USING btree ("booking_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_idx" ON "bookings" USING btree ("created_by_partner_id","location_id","booking_reference") WHERE "bookings"."booking_reference" is not null;--> statement-breakpoint
CREATE INDEX "bookings_location_start_idx" ON "bookings" USING btree ("location_id","start_time","id");--> statement-breakpoint
CREATE INDEX "bookings_location_created_idx" ON "bookings" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_location_updated_idx" ON "bookings" USING btree ("location_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "bookings_table_numbers_idx" ON "bookings" USING gin ("table_numbers");--> statement-breakpoint
CREATE INDEX "sections_location_position_idx" ON "sections" USING btree ("location_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tables_location_number_idx" ON "tables" USING btree ("location_id","number");--> statement-breakpoint
CREATE INDEX "tables_section_idx" ON "tables" USING btree ("location_id","section_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_pos_origin_idx" ON "sales" USING btree ("pos_partner_id","location_id","origin_sale_id");--> statement-breakpoint
CREATE INDEX "sales_location_created_idx" ON "sales" USING btree ("location_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sales_open_table_idx" ON "sales" USING btree ("location_id","table_number") WHERE "sales"."status" <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "sales_booking_idx" ON "sales" USING btree ("booking_id");