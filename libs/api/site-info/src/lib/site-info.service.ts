import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { uploadUrl, type GeneralInfo } from '@blog/contracts';
import { GeneralInfoEntity } from '@blog/api/data';

export function toGeneralInfo(record: GeneralInfoEntity): GeneralInfo {
  return {
    id: record.id,
    logo_1: record.logo_1,
    logo_2: record.logo_2,
    favicon: record.favicon,
    logo_1_url: uploadUrl(record.logo_1),
    logo_2_url: uploadUrl(record.logo_2),
    favicon_url: uploadUrl(record.favicon),
    email: record.email,
    phone: record.phone,
    address: record.address,
  };
}

/** The site's general information (logos, favicon, contact details): a singleton. */
@Injectable()
export class SiteInfoService {
  constructor(
    @InjectRepository(GeneralInfoEntity) private readonly generalInfo: Repository<GeneralInfoEntity>,
  ) {}

  async list(): Promise<GeneralInfo[]> {
    const records = await this.generalInfo.find({ order: { id: 'ASC' } });
    return records.map(toGeneralInfo);
  }
}
