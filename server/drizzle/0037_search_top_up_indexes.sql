CREATE INDEX "online_top_ups_order_idx" ON "online_top_ups" USING btree ("id_order");--> statement-breakpoint
CREATE INDEX "online_top_ups_tpv_order_idx" ON "online_top_ups" USING btree ("pay_tpv_order_id");--> statement-breakpoint
CREATE INDEX "online_top_ups_auth_code_idx" ON "online_top_ups" USING btree (upper("pay_tpv_auth_code"));--> statement-breakpoint
CREATE INDEX "online_top_ups_card_last4_idx" ON "online_top_ups" USING btree (right("card_number", 4));--> statement-breakpoint
CREATE INDEX "online_top_ups_amount_idx" ON "online_top_ups" USING btree ("amount_total","date_recharge_online");--> statement-breakpoint
CREATE INDEX "online_top_ups_date_idx" ON "online_top_ups" USING btree ("date_recharge_online");