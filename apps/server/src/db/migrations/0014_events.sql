CREATE TABLE "event_blocks" (
	"event_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	CONSTRAINT "event_blocks_event_id_block_id_pk" PRIMARY KEY("event_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "event_circles" (
	"event_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	CONSTRAINT "event_circles_event_id_circle_id_pk" PRIMARY KEY("event_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "event_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image" text,
	"status" "taxonomy_status" DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, meta_keywords), 'B') || setweight(to_tsvector('simple'::regconfig, regexp_replace(description, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g') || ' ' || meta_description), 'C')) STORED NOT NULL,
	"title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" "content_status" DEFAULT 'pending' NOT NULL,
	"user_id" uuid NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"hold_reason" text,
	"approved_values" jsonb,
	"edited_at" timestamp with time zone,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, title), 'A') || setweight(to_tsvector('simple'::regconfig, meta_keywords), 'B') || setweight(to_tsvector('simple'::regconfig, regexp_replace(description, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g') || ' ' || meta_description), 'C') || setweight(to_tsvector('simple'::regconfig, regexp_replace(content, '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')) STORED NOT NULL,
	"title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL,
	"image" text,
	"event_type_id" uuid NOT NULL,
	"schedule" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_by" timestamp with time zone NOT NULL,
	"event_status" text DEFAULT 'scheduled' NOT NULL,
	"previous_start_date" text,
	"venue_outlet_id" uuid,
	"venue_slug" text,
	"venue_name" text DEFAULT '' NOT NULL,
	"street_address" text,
	"pin_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"organiser" text DEFAULT '' NOT NULL,
	"call_now" text,
	"whatsapp_no" text,
	"website_url" text,
	"entry" text,
	"registration_url" text,
	"language" text DEFAULT 'en' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_blocks" ADD CONSTRAINT "event_blocks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_blocks" ADD CONSTRAINT "event_blocks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_circles" ADD CONSTRAINT "event_circles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_circles" ADD CONSTRAINT "event_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_event_type_id_event_types_id_fk" FOREIGN KEY ("event_type_id") REFERENCES "public"."event_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_outlet_id_outlets_id_fk" FOREIGN KEY ("venue_outlet_id") REFERENCES "public"."outlets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_blocks_child_idx" ON "event_blocks" USING btree ("block_id","event_id");--> statement-breakpoint
CREATE INDEX "event_circles_child_idx" ON "event_circles" USING btree ("circle_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_types_slug_key" ON "event_types" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "event_types_search_idx" ON "event_types" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "event_types_title_words_idx" ON "event_types" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "event_types_title_trgm_idx" ON "event_types" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_key" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "events_public_span_idx" ON "events" USING btree ("ends_by","starts_at") WHERE "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_public_start_idx" ON "events" USING btree ("starts_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_public_title_idx" ON "events" USING btree ("title","id") WHERE "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_user_idx" ON "events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "events_review_idx" ON "events" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "events"."status" = 'pending' or "events"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "events_updated_idx" ON "events" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "events_venue_idx" ON "events" USING btree ("venue_outlet_id");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_vector") WHERE "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_title_words_idx" ON "events" USING gin ("title_vector") WHERE "events"."is_public";--> statement-breakpoint
CREATE INDEX "events_title_trgm_idx" ON "events" USING gin ("title" gin_trgm_ops) WHERE "events"."is_public";