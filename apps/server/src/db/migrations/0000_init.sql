CREATE TYPE "public"."account_status" AS ENUM('active', 'hold');--> statement-breakpoint
CREATE TYPE "public"."content_status" AS ENUM('active', 'pending', 'hold');--> statement-breakpoint
CREATE TYPE "public"."taxonomy_status" AS ENUM('active', 'hold');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('customer', 'admin');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"link" text,
	"status" "taxonomy_status" DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_circles" (
	"block_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	CONSTRAINT "block_circles_block_id_circle_id_pk" PRIMARY KEY("block_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" "taxonomy_status" DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" "taxonomy_status" DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"file_url" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "editions" (
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_blocks" (
	"expert_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	CONSTRAINT "expert_blocks_expert_id_block_id_pk" PRIMARY KEY("expert_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "expert_circles" (
	"expert_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	CONSTRAINT "expert_circles_expert_id_circle_id_pk" PRIMARY KEY("expert_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "expert_services" (
	"expert_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	CONSTRAINT "expert_services_expert_id_service_id_pk" PRIMARY KEY("expert_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" "content_status" DEFAULT 'pending' NOT NULL,
	"user_id" uuid NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"call_now" text DEFAULT '' NOT NULL,
	"whatsapp_no" text,
	"map_url" text,
	"website_url" text,
	"image" text
);
--> statement-breakpoint
CREATE TABLE "feature_blocks" (
	"feature_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	CONSTRAINT "feature_blocks_feature_id_block_id_pk" PRIMARY KEY("feature_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "feature_circles" (
	"feature_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	"page_id" uuid,
	"published_date" timestamp with time zone,
	"is_public" boolean DEFAULT false NOT NULL,
	CONSTRAINT "feature_circles_feature_id_circle_id_pk" PRIMARY KEY("feature_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" "content_status" DEFAULT 'pending' NOT NULL,
	"user_id" uuid NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"photo" text,
	"youtubeurl" text,
	"published_date" timestamp with time zone DEFAULT now() NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"page_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" "content_status" DEFAULT 'pending' NOT NULL,
	"user_id" uuid NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"image" text,
	"reporter" text DEFAULT '' NOT NULL,
	"publishing_time" timestamp with time zone DEFAULT now() NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"youtube_url" text,
	"edition_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_blocks" (
	"news_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	CONSTRAINT "news_blocks_news_id_block_id_pk" PRIMARY KEY("news_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "news_circles" (
	"news_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	"edition_id" uuid,
	"publishing_time" timestamp with time zone,
	"is_public" boolean DEFAULT false NOT NULL,
	CONSTRAINT "news_circles_news_id_circle_id_pk" PRIMARY KEY("news_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outlet_blocks" (
	"outlet_id" uuid NOT NULL,
	"block_id" uuid NOT NULL,
	CONSTRAINT "outlet_blocks_outlet_id_block_id_pk" PRIMARY KEY("outlet_id","block_id")
);
--> statement-breakpoint
CREATE TABLE "outlet_categories" (
	"outlet_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "outlet_categories_outlet_id_category_id_pk" PRIMARY KEY("outlet_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "outlet_circles" (
	"outlet_id" uuid NOT NULL,
	"circle_id" uuid NOT NULL,
	CONSTRAINT "outlet_circles_outlet_id_circle_id_pk" PRIMARY KEY("outlet_id","circle_id")
);
--> statement-breakpoint
CREATE TABLE "outlets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" "content_status" DEFAULT 'pending' NOT NULL,
	"user_id" uuid NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"call_now" text DEFAULT '' NOT NULL,
	"whatsapp_no" text,
	"map_url" text,
	"website_url" text,
	"image" text,
	"publishing_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
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
	"content" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"status" "taxonomy_status" DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"storage_key" text NOT NULL,
	"hash" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" DEFAULT 'customer' NOT NULL,
	"status" "account_status" DEFAULT 'active' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"validated_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_circles" ADD CONSTRAINT "block_circles_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_circles" ADD CONSTRAINT "block_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_blocks" ADD CONSTRAINT "expert_blocks_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_blocks" ADD CONSTRAINT "expert_blocks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_circles" ADD CONSTRAINT "expert_circles_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_circles" ADD CONSTRAINT "expert_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_services" ADD CONSTRAINT "expert_services_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_services" ADD CONSTRAINT "expert_services_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_blocks" ADD CONSTRAINT "feature_blocks_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_blocks" ADD CONSTRAINT "feature_blocks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_circles" ADD CONSTRAINT "feature_circles_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_circles" ADD CONSTRAINT "feature_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_circles" ADD CONSTRAINT "feature_circles_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_blocks" ADD CONSTRAINT "news_blocks_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_blocks" ADD CONSTRAINT "news_blocks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_circles" ADD CONSTRAINT "news_circles_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_circles" ADD CONSTRAINT "news_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_circles" ADD CONSTRAINT "news_circles_edition_id_editions_id_fk" FOREIGN KEY ("edition_id") REFERENCES "public"."editions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_blocks" ADD CONSTRAINT "outlet_blocks_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_blocks" ADD CONSTRAINT "outlet_blocks_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_categories" ADD CONSTRAINT "outlet_categories_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_categories" ADD CONSTRAINT "outlet_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_circles" ADD CONSTRAINT "outlet_circles_outlet_id_outlets_id_fk" FOREIGN KEY ("outlet_id") REFERENCES "public"."outlets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlet_circles" ADD CONSTRAINT "outlet_circles_circle_id_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."circles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outlets" ADD CONSTRAINT "outlets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "block_circles_circle_idx" ON "block_circles" USING btree ("circle_id","block_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_slug_key" ON "blocks" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "circles_slug_key" ON "circles" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "contact_requests_status_idx" ON "contact_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_kind","owner_id","position");--> statement-breakpoint
CREATE INDEX "documents_url_idx" ON "documents" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "editions_slug_key" ON "editions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "expert_blocks_child_idx" ON "expert_blocks" USING btree ("block_id","expert_id");--> statement-breakpoint
CREATE INDEX "expert_circles_child_idx" ON "expert_circles" USING btree ("circle_id","expert_id");--> statement-breakpoint
CREATE INDEX "expert_services_child_idx" ON "expert_services" USING btree ("service_id","expert_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experts_slug_key" ON "experts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "experts_public_title_idx" ON "experts" USING btree ("title","id") WHERE "experts"."is_public";--> statement-breakpoint
CREATE INDEX "experts_user_idx" ON "experts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "feature_blocks_child_idx" ON "feature_blocks" USING btree ("block_id","feature_id");--> statement-breakpoint
CREATE INDEX "feature_circles_child_idx" ON "feature_circles" USING btree ("circle_id","feature_id");--> statement-breakpoint
CREATE INDEX "feature_circles_public_idx" ON "feature_circles" USING btree ("circle_id","published_date" DESC NULLS FIRST,"feature_id" DESC NULLS FIRST) WHERE "feature_circles"."is_public";--> statement-breakpoint
CREATE INDEX "feature_circles_public_taxon_idx" ON "feature_circles" USING btree ("circle_id","page_id","published_date" DESC NULLS FIRST,"feature_id" DESC NULLS FIRST) WHERE "feature_circles"."is_public";--> statement-breakpoint
CREATE UNIQUE INDEX "features_slug_key" ON "features" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "features_public_date_idx" ON "features" USING btree ("published_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "features"."is_public";--> statement-breakpoint
CREATE INDEX "features_public_page_date_idx" ON "features" USING btree ("page_id","published_date" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "features"."is_public";--> statement-breakpoint
CREATE INDEX "features_user_idx" ON "features" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_key" ON "news" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_public_time_idx" ON "news" USING btree ("publishing_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "news"."is_public";--> statement-breakpoint
CREATE INDEX "news_public_edition_time_idx" ON "news" USING btree ("edition_id","publishing_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "news"."is_public";--> statement-breakpoint
CREATE INDEX "news_user_idx" ON "news" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "news_blocks_child_idx" ON "news_blocks" USING btree ("block_id","news_id");--> statement-breakpoint
CREATE INDEX "news_circles_child_idx" ON "news_circles" USING btree ("circle_id","news_id");--> statement-breakpoint
CREATE INDEX "news_circles_public_idx" ON "news_circles" USING btree ("circle_id","publishing_time" DESC NULLS FIRST,"news_id" DESC NULLS FIRST) WHERE "news_circles"."is_public";--> statement-breakpoint
CREATE INDEX "news_circles_public_taxon_idx" ON "news_circles" USING btree ("circle_id","edition_id","publishing_time" DESC NULLS FIRST,"news_id" DESC NULLS FIRST) WHERE "news_circles"."is_public";--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "outlet_blocks_child_idx" ON "outlet_blocks" USING btree ("block_id","outlet_id");--> statement-breakpoint
CREATE INDEX "outlet_categories_child_idx" ON "outlet_categories" USING btree ("category_id","outlet_id");--> statement-breakpoint
CREATE INDEX "outlet_circles_child_idx" ON "outlet_circles" USING btree ("circle_id","outlet_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outlets_slug_key" ON "outlets" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "outlets_public_title_idx" ON "outlets" USING btree ("title","id") WHERE "outlets"."is_public";--> statement-breakpoint
CREATE INDEX "outlets_user_idx" ON "outlets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pages_slug_key" ON "pages" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "policies_slug_key" ON "policies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "policies_type_idx" ON "policies" USING btree ("type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "services_slug_key" ON "services" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_url_key" ON "uploads" USING btree ("url");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key" ON "users" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "verifications_user_type_idx" ON "verifications" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE INDEX "verifications_target_idx" ON "verifications" USING btree ("target","created_at");