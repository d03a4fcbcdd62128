ALTER TABLE "sales" ADD COLUMN "parent_sale_id" text;--> statement-breakpoint
CREATE INDEX "sales_parent_idx" ON "sales" USING btree ("parent_sale_id") WHERE "sales"."parent_sale_id" is not null;--> statement-breakpoint
UPDATE "sales" SET "parent_sale_id" = "content" ->> 'parentSaleId' WHERE "content" ->> 'parentSaleId' IS NOT NULL;