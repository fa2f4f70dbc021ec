DROP INDEX "wristbands_serial_trgm";--> statement-breakpoint
CREATE INDEX "wristbands_serial_lower_trgm" ON "wristbands" USING gin (lower("n_serie") gin_trgm_ops);