ALTER TABLE "approval_requests" ADD COLUMN "approved_in_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE approval_requests r SET approved_in_step = counted.approved
  FROM (SELECT ai.organization_id, ai.request_id, count(*)::int AS approved
          FROM approval_items ai JOIN approval_requests q ON q.organization_id = ai.organization_id AND q.id = ai.request_id
         WHERE ai.step = q.current_step AND ai.decision = 'approved'
         GROUP BY 1, 2) AS counted
 WHERE r.organization_id = counted.organization_id AND r.id = counted.request_id;
