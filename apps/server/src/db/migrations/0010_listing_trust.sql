CREATE TABLE "listing_counts" (
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"event" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_counts_kind_listing_id_day_event_pk" PRIMARY KEY("kind","listing_id","day","event")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"contact" text,
	"status" text DEFAULT 'new' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "verified_business_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "verified_business_by" uuid;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "stale_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "verified_business_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "verified_business_by" uuid;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "stale_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reports_record_idx" ON "reports" USING btree ("kind","record_id","created_at");--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_verified_business_by_users_id_fk" FOREIGN KEY ("verified_business_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_verified_business_by_users_id_fk" FOREIGN KEY ("verified_business_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;