import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { ReadinessService } from './readiness.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './health.openapi';

/** `GET /api/health` (live) and `GET /api/ready` (ready), and the readiness that shutdown turns off. */
@Module({
  controllers: [HealthController],
  providers: [ReadinessService],
  exports: [ReadinessService],
})
export class HealthModule {}
