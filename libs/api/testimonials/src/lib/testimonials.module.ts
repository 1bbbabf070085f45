import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TestimonialEntity } from '@blog/api/data';
import { PublicTestimonialsController, TestimonialsController } from './testimonials.controller';
import { TestimonialsRouter } from './testimonials.router';
import { TestimonialsService } from './testimonials.service';
// Its routes' OpenAPI description, loaded with the module that serves them.
import './testimonials.openapi';

@Module({
  imports: [TypeOrmModule.forFeature([TestimonialEntity])],
  controllers: [PublicTestimonialsController, TestimonialsController],
  providers: [TestimonialsService, TestimonialsRouter],
  exports: [TestimonialsService, TestimonialsRouter],
})
export class TestimonialsModule {}
