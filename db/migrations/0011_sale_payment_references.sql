ALTER TABLE "sales" ADD COLUMN "payment_references" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "sales" SET "payment_references" = array(
	SELECT "payment" -> 'acquirer' ->> 'transactionReference' FROM jsonb_array_elements("content" -> 'payments') AS "payment"
	WHERE "payment" -> 'acquirer' ->> 'transactionReference' IS NOT NULL
) WHERE jsonb_array_length("content" -> 'payments') > 0;--> statement-breakpoint
CREATE INDEX "sales_payment_references_idx" ON "sales" USING gin ("payment_references");
