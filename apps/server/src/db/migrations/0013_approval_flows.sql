CREATE TABLE "approval_flows" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"steps" jsonb NOT NULL,
	"conditions" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flows_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_items" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"approver_id" uuid NOT NULL,
	"decision" text DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"reason" text,
	"is_waiting" boolean DEFAULT false NOT NULL,
	CONSTRAINT "approval_items_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"flow_id" uuid,
	"flow_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"required_approvals" integer[] NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"reset_at" timestamp with time zone,
	"reset_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "approval_requests_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "approval_flows" ADD CONSTRAINT "approval_flows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_items" ADD CONSTRAINT "approval_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_items" ADD CONSTRAINT "approval_items_organization_id_request_id_approval_requests_organization_id_id_fk" FOREIGN KEY ("organization_id","request_id") REFERENCES "public"."approval_requests"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_flows_type_position_idx" ON "approval_flows" USING btree ("organization_id","type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_flows_one_default_idx" ON "approval_flows" USING btree ("organization_id","type") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_items_request_step_approver_idx" ON "approval_items" USING btree ("organization_id","request_id","step","approver_id");--> statement-breakpoint
CREATE INDEX "approval_items_waiting_idx" ON "approval_items" USING btree ("organization_id","approver_id","entity_type","entity_id") WHERE is_waiting;--> statement-breakpoint
CREATE INDEX "approval_items_approver_entity_idx" ON "approval_items" USING btree ("organization_id","approver_id","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_open_idx" ON "approval_requests" USING btree ("organization_id","entity_type","entity_id") WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "approval_requests_latest_idx" ON "approval_requests" USING btree ("organization_id","entity_type","entity_id","requested_at");