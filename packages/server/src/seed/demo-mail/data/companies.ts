import type { DemoCompany, DemoSchedule } from '../types.ts';

/**
 * The demo estate as plain data: twelve client companies, their products and machines. Each group
 * is one backup job of one product, run on every listed device.
 */

interface Group {
  vendor: string;
  /** Job name; '{device}' and '{n}' (a five-digit job number) are filled in per device. */
  job: string;
  devices: string[];
  schedule: DemoSchedule;
  at: number;
}

export interface CompanyPlan extends DemoCompany {
  groups: Group[];
}

const g = (vendor: string, job: string, schedule: DemoSchedule, at: number, devices: string[]): Group => ({
  vendor,
  job,
  devices,
  schedule,
  at,
});

export const ESTATE: CompanyPlan[] = [
  {
    name: 'Northwind Dental',
    tag: 'northwind',
    domain: 'northwinddental.com',
    groups: [
      g('datto-bcdr', 'SIRIS-NORTHWIND', 'daily', 20, ['DC01', 'PMS-SQL01', 'IMAGING01', 'FS01']),
      g('veeam-m365', 'Exchange Online', 'daily', 2, ['northwinddental.onmicrosoft.com']),
      g('veeam-m365', 'OneDrive and SharePoint', 'daily', 3, ['northwinddental.onmicrosoft.com']),
      g('macrium', 'Daily System Image', 'weekdays', 12, [
        'FRONTDESK-01',
        'FRONTDESK-02',
        'OP1-PC',
        'OP2-PC',
        'OP3-PC',
        'XRAY-PC',
      ]),
    ],
  },
  {
    name: 'Harper & Cole LLP',
    tag: 'harpercole',
    domain: 'harpercolelaw.com',
    groups: [
      g('veeam-br', 'Nightly VMs', 'daily', 22, ['DC01', 'FS01', 'SQL01', 'DMS01', 'RDS01']),
      g('veeam-br', 'Offsite Copy', 'daily', 5, ['DC01', 'FS01', 'SQL01', 'DMS01']),
      g('veeam-agent', 'Laptop Backup', 'weekdays', 13, [
        'LAPTOP-JHARPER',
        'LAPTOP-MCOLE',
        'LAPTOP-PARALEGAL1',
        'LAPTOP-PARALEGAL2',
        'LAPTOP-RECEPTION',
      ]),
      g('veeam-m365', 'Exchange Online', 'daily', 1, ['harpercole.onmicrosoft.com']),
      g('veeam-m365', 'OneDrive', 'daily', 2, ['harpercole.onmicrosoft.com']),
      g('veeam-m365', 'SharePoint and Teams', 'daily', 3, ['harpercole.onmicrosoft.com']),
      g('synology-hyper-backup', 'Nightly-C2', 'daily', 1, ['DS1821-HARPER']),
      g('synology-hyper-backup', 'Weekly-USB', 'weekly-sunday', 9, ['DS1821-HARPER']),
    ],
  },
  {
    name: 'Bellweather Manufacturing',
    tag: 'bellweather',
    domain: 'bellweathermfg.com',
    groups: [
      g('backup-exec', '{device} Backup {n}-Incremental', 'daily', 21, ['DC01', 'ERP01', 'FS01', 'SQL01']),
      g('backup-exec', '{device} Backup {n}-Full', 'weekly-sunday', 8, ['ERP01', 'FS01']),
      g('windows-server-backup', 'Windows Server Backup', 'daily', 23, ['HV01', 'HV02', 'PLANT-HIST01', 'QC-APP01']),
      g('synology-hyper-backup', 'Offsite-Rsync', 'daily', 2, ['RS1221-BELLWEATHER']),
      g('synology-hyper-backup', 'Nightly-S3', 'daily', 3, ['RS1221-BELLWEATHER']),
    ],
  },
  {
    name: "St. Brendan's Academy",
    tag: 'stbrendans',
    domain: 'stbrendans.org',
    groups: [
      g('proxmox-vzdump', 'vzdump pve1.stbrendans.local', 'daily', 21, [
        'dc01',
        'sis-db01',
        'web01',
        'print01',
        'wsus01',
      ]),
      g('proxmox-vzdump', 'vzdump pve2.stbrendans.local', 'daily', 22, ['fileserver01', 'library-app', 'moodle01']),
      g('synology-active-backup', 'Staff-PCs', 'weekdays', 16, [
        'ADMIN-PC01',
        'ADMIN-PC02',
        'PRINCIPAL-PC',
        'BURSAR-PC',
        'LIBRARY-PC',
      ]),
      g('synology-active-backup', 'Servers-Daily', 'daily', 20, ['DC02', 'FS02']),
      g('veeam-m365', 'Staff Mailboxes', 'daily', 1, ['stbrendans.onmicrosoft.com']),
      g('veeam-m365', 'Staff OneDrive', 'daily', 2, ['stbrendans.onmicrosoft.com']),
    ],
  },
  {
    name: 'Lakeshore Family Medicine',
    tag: 'lakeshore',
    domain: 'lakeshorefamilymed.com',
    groups: [
      g('axcient', '{device}', 'daily', 21, ['DC01', 'EHR-SQL01', 'FS01', 'RDS01', 'FAX01']),
      g('acronis', 'Workstations - Daily', 'weekdays', 12, [
        'EXAM1-PC',
        'EXAM2-PC',
        'EXAM3-PC',
        'NURSE-STATION',
        'BILLING-PC1',
        'BILLING-PC2',
      ]),
      g('acronis', 'Servers - Cloud', 'daily', 23, ['EHR-SQL01', 'FS01']),
    ],
  },
  {
    name: 'Crestview Accounting',
    tag: 'crestview',
    domain: 'crestviewcpa.com',
    groups: [
      g('cove', 'Files and Folders', 'daily', 20, [
        'FS01',
        'TAX-APP01',
        'WKS-PARTNER1',
        'WKS-PARTNER2',
        'WKS-STAFF1',
        'WKS-STAFF2',
      ]),
      g('cove', 'System State', 'daily', 21, ['FS01', 'TAX-APP01']),
      g('cove', 'MS SQL', 'daily', 22, ['TAX-APP01']),
      g('msp360', 'Image to NAS', 'weekly-sunday', 6, ['FS01', 'TAX-APP01']),
      g('msp360', 'Files to Wasabi', 'daily', 1, ['FS01']),
    ],
  },
  {
    name: 'Granite Peak Engineering',
    tag: 'granitepeak',
    domain: 'granitepeakeng.com',
    groups: [
      g('nakivo', 'Daily VMware Backup', 'daily', 23, ['DC01', 'CAD-LIC01', 'PDM-SQL01', 'FS01', 'APP01']),
      g('nakivo', 'Offsite Copy to Wasabi', 'daily', 4, ['DC01', 'PDM-SQL01', 'FS01']),
      g('nakivo', 'SQL Replication to DR', 'daily', 12, ['PDM-SQL01']),
      g('veeam-agent', 'CAD Workstations', 'weekdays', 18, ['CAD-WS01', 'CAD-WS02', 'CAD-WS03', 'CAD-WS04']),
      g('synology-hyper-backup', 'Projects-C2', 'daily', 2, ['DS1621-GRANITE']),
    ],
  },
  {
    name: 'Maple Street Veterinary',
    tag: 'maplestreet',
    domain: 'maplestreetvet.com',
    groups: [
      g('altaro', 'Backup', 'daily', 20, ['DC01', 'VETPMS01', 'IMAGING01', 'FS01']),
      g('altaro', 'Offsite Copy', 'daily', 1, ['DC01', 'VETPMS01', 'FS01']),
      g('comet', 'Practice Data', 'weekdays', 19, ['RECEPTION-PC', 'SURGERY-PC', 'LAB-PC']),
      g('comet', 'Company Files', 'daily', 22, ['FS01']),
    ],
  },
  {
    name: 'Riverbend Logistics',
    tag: 'riverbend',
    domain: 'riverbendlogistics.com',
    groups: [
      g('unitrends', 'Nightly Servers', 'daily', 1, ['DC01', 'WMS-APP01', 'WMS-SQL01', 'FS01', 'EDI01']),
      g('unitrends', 'Weekly Fulls', 'weekly-sunday', 3, ['WMS-SQL01', 'FS01']),
      g('windows-server-backup', 'Windows Server Backup', 'daily', 22, ['DISPATCH01', 'YARD-CAM01']),
      g('shadowprotect', 'Daily C D', 'daily', 21, ['TMS01', 'TMS-SQL01', 'SCALEHOUSE01']),
    ],
  },
  {
    name: 'Oakridge Realty Group',
    tag: 'oakridge',
    domain: 'oakridgerealty.com',
    groups: [
      g('msp360', 'Files to Wasabi', 'daily', 21, ['FS01', 'AGENT-WS01', 'AGENT-WS02', 'AGENT-WS03', 'BROKER-LAPTOP']),
      g('msp360', 'Image to NAS', 'weekly-sunday', 5, ['FS01']),
      g('acronis', 'Servers - Nightly', 'daily', 23, ['DC01', 'FS01']),
      g('acronis', 'Laptops - Cloud', 'weekdays', 13, ['BROKER-LAPTOP', 'MKT-LAPTOP']),
    ],
  },
  {
    name: 'Summit Orthodontics',
    tag: 'summit',
    domain: 'summitortho.com',
    groups: [
      g('datto-bcdr', 'ALTO-SUMMIT', 'daily', 21, ['DC01', 'ORTHO-SQL01', 'IMAGING-PC', 'CEPH-PC']),
      g('cove', 'Files and Folders', 'daily', 22, ['FRONT-DESK1', 'FRONT-DESK2', 'TREATMENT-PC']),
      g('veeam-m365', 'Exchange Online', 'daily', 2, ['summitortho.onmicrosoft.com']),
    ],
  },
  {
    name: 'Tidewater Marine Supply',
    tag: 'tidewater',
    domain: 'tidewatermarine.com',
    groups: [
      g('veeam-br', 'Daily Backup', 'daily', 23, ['DC01', 'ERP01', 'FS01', 'POS-SQL01']),
      g('shadowprotect', 'Nightly Image', 'daily', 20, ['POS01', 'POS02']),
      g('comet', 'Accounting', 'daily', 21, ['ACCT-PC01']),
      g('macrium', 'Nightly Full Server', 'weekly-sunday', 2, ['ERP01']),
      g('macrium', 'Daily System Image', 'weekdays', 17, ['COUNTER-PC1', 'COUNTER-PC2', 'WAREHOUSE-PC']),
    ],
  },
];
