/**
 * Listed companies of the generated master: well-known Indian companies first (so that
 * searches a trader actually types, like "reliance" or "sbin", find real names with real
 * ISINs, tokens and F&O lot sizes), then plausible generated ones to reach real file sizes.
 */
import { createRng } from './rng';
import { withCheckDigit } from './isin';

/** One listed company; `lot` > 0 means it has stock futures and options on NSE. */
export interface Company {
  symbol: string;
  name: string;
  price: number;
  lot: number;
  isin: string;
  nseToken: number;
  bseCode: number;
  nse: boolean;
  bse: boolean;
  /** BSE group letter of the ticker suffix (BSE:RELIANCE-A). */
  bseGroup: string;
}

// SYMBOL|NAME|PRICE|F&O LOT (0 = none)|ISIN|NSE token|BSE code  (blank = generate)
const WELL_KNOWN = `
RELIANCE|RELIANCE INDUSTRIES LTD|1495|500|INE002A01018|2885|500325
HDFCBANK|HDFC BANK LTD|985|550|INE040A01034|1333|500180
ICICIBANK|ICICI BANK LTD|1382|700|INE090A01021|4963|532174
INFY|INFOSYS LIMITED|1548|400|INE009A01021|1594|500209
TCS|TATA CONSULTANCY SERV LT|3105|175|INE467B01029|11536|532540
SBIN|STATE BANK OF INDIA|948|750|INE062A01020|3045|500112
BHARTIARTL|BHARTI AIRTEL LIMITED|2052|475||10604|532454
ITC|ITC LTD|409|1600||1660|500875
LT|LARSEN & TOUBRO LTD.|3998|175||11483|500510
KOTAKBANK|KOTAK MAHINDRA BANK LTD|2104|400||1922|500247
AXISBANK|AXIS BANK LIMITED|1231|625||5900|532215
HINDUNILVR|HINDUSTAN UNILEVER LTD.|2448|300||1394|500696
BAJFINANCE|BAJAJ FINANCE LIMITED|1002|750|||
MARUTI|MARUTI SUZUKI INDIA LTD.|15980|50||10999|532500
SUNPHARMA|SUN PHARMACEUTICAL IND L|1752|350|||
TATAMOTORS|TATA MOTORS LIMITED|684|800|||
M&M|MAHINDRA & MAHINDRA LTD|3702|200|||
NTPC|NTPC LTD|331|1500|||
POWERGRID|POWER GRID CORP. LTD.|282|1900|||
ULTRACEMCO|ULTRATECH CEMENT LIMITED|11820|50|||
TITAN|TITAN COMPANY LIMITED|3795|175|||
ASIANPAINT|ASIAN PAINTS LIMITED|2810|250|||
WIPRO|WIPRO LTD|246|3000||3787|507685
HCLTECH|HCL TECHNOLOGIES LTD|1604|350|||
ONGC|OIL AND NATURAL GAS CORP.|251|2250|||
COALINDIA|COAL INDIA LTD|381|1350|||
ADANIENT|ADANI ENTERPRISES LIMITED|2398|300|||
ADANIPORTS|ADANI PORT & SEZ LTD|1452|475|||
TATASTEEL|TATA STEEL LIMITED|171|5500||3499|500470
JSWSTEEL|JSW STEEL LIMITED|1148|675|||
NESTLEIND|NESTLE INDIA LIMITED|1251|500|||
BAJAJFINSV|BAJAJ FINSERV LTD.|2046|500|||
TECHM|TECH MAHINDRA LIMITED|1447|600|||
GRASIM|GRASIM INDUSTRIES LTD|2752|250|||
HINDALCO|HINDALCO INDUSTRIES LTD|801|1400|||
DRREDDY|DR. REDDY S LABORATORIES|1254|625|||
CIPLA|CIPLA LTD|1521|375|||
EICHERMOT|EICHER MOTORS LTD|6998|175|||
HEROMOTOCO|HERO MOTOCORP LIMITED|5602|150|||
BRITANNIA|BRITANNIA INDUSTRIES LTD|5904|125|||
APOLLOHOSP|APOLLO HOSPITALS ENTER. L|7495|125|||
DIVISLAB|DIVI S LABORATORIES LTD|6502|100|||
BPCL|BHARAT PETROLEUM CORP LT|361|1975|||
INDUSINDBK|INDUSIND BANK LIMITED|852|700|||
SBILIFE|SBI LIFE INSURANCE CO LTD|2004|375|||
HDFCLIFE|HDFC LIFE INS CO LTD|772|1100|||
TATACONSUM|TATA CONSUMER PRODUCT LTD|1148|550|||
SHRIRAMFIN|SHRIRAM FINANCE LIMITED|801|825|||
BEL|BHARAT ELECTRONICS LTD|421|1425|||
TRENT|TRENT LTD|4502|100|||
ETERNAL|ETERNAL LIMITED|301|2425|||
JIOFIN|JIO FIN SERVICES LTD|309|2350|||
TATAPOWER|TATA POWER CO LTD|401|1450|||
IRCTC|INDIAN RAIL TOUR CORP LTD|721|875|||
HAL|HINDUSTAN AERONAUTICS LTD|4698|150|||
DMART|AVENUE SUPERMARTS LIMITED|4203|150|||
PIDILITIND|PIDILITE INDUSTRIES LTD|1502|500|||
DLF|DLF LIMITED|752|825|||
GODREJCP|GODREJ CONSUMER PRODUCTS|1151|500|||
DABUR|DABUR INDIA LTD|502|1250|||
VEDL|VEDANTA LIMITED|498|1150|||
IOC|INDIAN OIL CORP LTD|165|4875|||
GAIL|GAIL (INDIA) LTD|181|3150|||
BANKBARODA|BANK OF BARODA|281|2925|||
PNB|PUNJAB NATIONAL BANK|121|8000|||
CANBK|CANARA BANK|141|6750|||
IDFCFIRSTB|IDFC FIRST BANK LIMITED|80|9275|||
FEDERALBNK|FEDERAL BANK LTD|241|5000|||
BANDHANBNK|BANDHAN BANK LIMITED|161|3600|||
AUBANK|AU SMALL FINANCE BANK LTD|851|1000|||
LICI|LIFE INSURA CORP OF INDIA|902|700|||
IRFC|INDIAN RAILWAY FIN CORP L|125|4250|||
PFC|POWER FIN CORP LTD.|401|1300|||
RECLTD|REC LIMITED|381|1275|||
ZYDUSLIFE|ZYDUS LIFESCIENCES LTD|1001|900|||
LUPIN|LUPIN LIMITED|2002|425|||
AUROPHARMA|AUROBINDO PHARMA LTD|1198|550|||
BIOCON|BIOCON LIMITED.|389|2500|||
TORNTPHARM|TORRENT PHARMACEUTICALS L|3602|250|||
MPHASIS|MPHASIS LIMITED|2798|275|||
LTIM|LTIMINDTREE LIMITED|5998|150|||
PERSISTENT|PERSISTENT SYSTEMS LTD|6002|100|||
COFORGE|COFORGE LIMITED|1801|375|||
NAUKRI|INFO EDGE (I) LTD|1398|375|||
PAYTM|ONE 97 COMMUNICATIONS LTD|1302|725|||
POLICYBZR|PB FINTECH LIMITED|1798|350|||
NYKAA|FSN E COMMERCE VENTURES|251|3125|||
DELHIVERY|DELHIVERY LIMITED|452|2075|||
INDIGO|INTERGLOBE AVIATION LTD|5802|150|||
TVSMOTOR|TVS MOTOR COMPANY  LTD|3501|175|||
BAJAJ-AUTO|BAJAJ AUTO LIMITED|9002|75|||
ASHOKLEY|ASHOK LEYLAND LTD|151|5000|||
SIEMENS|SIEMENS LTD|3101|175|||
ABB|ABB INDIA LIMITED|5198|125|||
HAVELLS|HAVELLS INDIA LIMITED|1502|500|||
VOLTAS|VOLTAS LTD|1398|375|||
POLYCAB|POLYCAB INDIA LIMITED|7502|125|||
DIXON|DIXON TECHNO (INDIA) LTD|15020|50|||
AMBUJACEM|AMBUJA CEMENTS LTD|571|1050|||
SHREECEM|SHREE CEMENT LIMITED|29010|25|||
ACC|ACC LIMITED|1851|300|||
MRF|MRF LTD|155200|5|||
PAGEIND|PAGE INDUSTRIES LTD|40050|15|||
SUZLON|SUZLON ENERGY LIMITED|58|8000|||
YESBANK|YES BANK LIMITED|21|31100|||
ADANIGREEN|ADANI GREEN ENERGY LTD|1001|600|||
ADANIPOWER|ADANI POWER LTD|151|3400|||
HINDZINC|HINDUSTAN ZINC LIMITED|481|1225|||
SAIL|STEEL AUTHORITY OF INDIA|131|4700|||
NMDC|NMDC LTD.|75|13500|||
BHEL|BHEL|251|2625|||
IREDA|INDIAN RENEWABLE ENERGY|151|3450|||
MAZDOCK|MAZAGON DOCK SHIPBUIL LTD|2801|175|||
HDFCAMC|HDFC AMC LIMITED|5401|150|||
CHOLAFIN|CHOLAMANDALAM IN & FIN CO|1602|625|||
MUTHOOTFIN|MUTHOOT FINANCE LIMITED|3201|275|||
IDEA|VODAFONE IDEA LIMITED|10|71475|||
TATAELXSI|TATA ELXSI LIMITED|5402|100|||
TATACHEM|TATA CHEMICALS LTD|901|550|||
TATACOMM|TATA COMMUNICATIONS LTD|1702|350|||
TATATECH|TATA TECHNOLOGIES LTD|702|800|||
ADANIENSOL|ADANI ENERGY SOLUTION LTD|851|675|||
INDHOTEL|THE INDIAN HOTELS CO. LTD|752|1000|||
JUBLFOOD|JUBILANT FOODWORKS LTD|602|1250|||
MOTHERSON|SAMVRDHNA MTHRSN INTL LTD|101|6150|||
BOSCHLTD|BOSCH LIMITED|37020|25|||
COLPAL|COLGATE PALMOLIVE LTD.|2201|225|||
MARICO|MARICO LIMITED|701|1200|||
BERGEPAINT|BERGER PAINTS (I) LTD|502|1100|||
UPL|UPL LIMITED|651|1355|||
LODHA|LODHA DEVELOPERS LIMITED|1201|450|||
GODREJPROP|GODREJ PROPERTIES LTD|2201|275|||
OBEROIRLTY|OBEROI REALTY LIMITED|1651|350|||
PRESTIGE|PRESTIGE ESTATE LTD|1601|450|||
MANAPPURAM|MANAPPURAM FINANCE LTD|271|3000|||
LICHSGFIN|LIC HOUSING FINANCE LTD|601|1000|||
PEL|PIRAMAL ENTERPRISES LTD|1101|500|||
INDIANB|INDIAN BANK|651|1000|||
UNIONBANK|UNION BANK OF INDIA|141|4425|||
BSE|BSE LIMITED|2501|375|||
CDSL|CENTRAL DEPO SER (I) LTD|1551|475|||
MCX|MULTI COMMODITY EXCHANGE|8501|125|||
ANGELONE|ANGEL ONE LIMITED|2501|250|||
KALYANKJIL|KALYAN JEWELLERS IND LTD|501|1175|||
CUMMINSIND|CUMMINS INDIA LTD|3801|200|||
IRCON|IRCON INTERNATIONAL LTD|171|0|||
RVNL|RAIL VIKAS NIGAM LIMITED|321|1375|||
NHPC|NHPC LTD|81|6400|||
SJVN|SJVN LTD|91|0|||
HUDCO|HSG & URBAN DEV CORPN LTD|221|0|||
ZEEL|ZEE ENTERTAINMENT ENT LTD|111|0|||
BATAINDIA|BATA INDIA LTD|1201|0|||
RAYMOND|RAYMOND LTD|601|0|||
ARVIND|ARVIND LIMITED|321|0|||
CASTROLIND|CASTROL INDIA LIMITED|201|0|||
`
  .trim()
  .split('\n');

const PREFIXES = [
  'Shree',
  'Sri',
  'Bharat',
  'Indo',
  'Hind',
  'Prime',
  'Apex',
  'Vardhman',
  'Ganesh',
  'Laxmi',
  'Surya',
  'Kaveri',
  'Ganga',
  'Narmada',
  'Sahyadri',
  'Deccan',
  'Konark',
  'Ajanta',
  'Everest',
  'Himalaya',
  'Kesar',
  'Saraswati',
  'Mahalaxmi',
  'Vishnu',
  'Orient',
  'Pioneer',
  'United',
  'National',
  'Eastern',
  'Western',
  'Southern',
  'Northern',
  'Coastal',
  'Royal',
  'Golden',
  'Silver',
  'Emerald',
  'Sapphire',
  'Lotus',
  'Tulsi',
  'Amrit',
  'Navkar',
  'Jyoti',
  'Kirloskar',
  'Agarwal',
  'Bansal',
  'Goyal',
  'Mehta',
  'Shah',
  'Patel',
  'Reddy',
  'Nair',
  'Iyer',
  'Rao',
  'Modern',
  'Progressive',
  'Dynamic',
  'Zenith',
  'Vertex',
  'Quantum',
  'Nova',
  'Aditya',
];
const SECTORS = [
  'Steel',
  'Textiles',
  'Pharma',
  'Chemicals',
  'Finance',
  'Agro',
  'Polymers',
  'Cements',
  'Papers',
  'Foods',
  'Infra',
  'Power',
  'Motors',
  'Industries',
  'Ceramics',
  'Spinning',
  'Sugar',
  'Tea',
  'Logistics',
  'Software',
  'Hotels',
  'Realty',
  'Gems',
  'Electricals',
  'Plastics',
  'Fertilisers',
  'Castings',
  'Forgings',
  'Cables',
  'Packaging',
  'Healthcare',
  'Capital',
  'Securities',
  'Technologies',
  'Exports',
  'Organics',
  'Alloys',
  'Glass',
  'Leather',
  'Dairy',
  'Solar',
  'Marine',
  'Auto Components',
  'Biotech',
  'Media',
];
const SUFFIXES = ['LIMITED', 'LTD', 'INDIA LIMITED', 'INDUSTRIES LTD', 'CORPORATION LTD'];
const BSE_GROUPS = ['B', 'B', 'B', 'T', 'X', 'X', 'XT', 'M', 'Z'];

function issuerCode(n: number): string {
  // 4 characters: 3 digits + a letter the well-known ISINs above do not use.
  const letters = 'CDEFGHJKLMNPQRSTUVWXY';
  return String(100 + (n % 900)).padStart(3, '0') + letters[Math.floor(n / 900) % letters.length];
}

function symbolFor(prefix: string, sector: string): string {
  const p = prefix.toUpperCase().replace(/[^A-Z]/g, '');
  const s = sector.toUpperCase().replace(/[^A-Z]/g, '');
  return (p.slice(0, 6) + s.slice(0, 4)).slice(0, 10);
}

/**
 * The company universe for a seed: `count` companies, the well-known ones first. The
 * first `fnoCount` carry F&O lots, which is what makes NSE_FO the largest file.
 */
export function buildCompanies(seed: number, count: number, fnoCount: number): Company[] {
  const rng = createRng(seed, 101);
  const out: Company[] = [];
  const symbols = new Set<string>();
  const isins = new Set<string>();
  let nextNseToken = 20_000;
  let nextBse = 538_001;
  let issuer = 0;
  const newIsin = (): string => {
    let isin: string;
    do
      isin = withCheckDigit(
        `INE${issuerCode(issuer++)}01${String(rng.int(1, 3) * 10 + rng.int(0, 9)).padStart(2, '0')}`.slice(
          0,
          11,
        ),
      );
    while (isins.has(isin));
    isins.add(isin);
    return isin;
  };
  for (const line of WELL_KNOWN) {
    const [symbol, name, price, lot, isin, tok, bse] = line.split('|') as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    symbols.add(symbol);
    const realIsin = isin ? isin : newIsin();
    isins.add(realIsin);
    out.push({
      symbol,
      name,
      price: Number(price),
      lot: Number(lot),
      isin: realIsin,
      nseToken: tok ? Number(tok) : nextNseToken++,
      bseCode: bse ? Number(bse) : nextBse++,
      nse: true,
      bse: true,
      bseGroup: 'A',
    });
  }
  while (out.length < count) {
    const prefix = rng.pick(PREFIXES);
    const sector = rng.pick(SECTORS);
    let symbol = symbolFor(prefix, sector);
    for (let k = 2; symbols.has(symbol); k++)
      symbol = symbolFor(prefix, sector).slice(0, 8) + String(k);
    symbols.add(symbol);
    const fno = out.length < fnoCount;
    // Log-uniform price between 8 and 6,000; F&O names sit higher, as in the real list.
    const price =
      Math.round(
        Math.exp((fno ? Math.log(150) : Math.log(8)) + rng.next() * Math.log(fno ? 40 : 750)) * 20,
      ) / 20;
    const onBoth = rng.next();
    out.push({
      symbol,
      name: `${prefix.toUpperCase()} ${sector.toUpperCase()} ${rng.pick(SUFFIXES)}`,
      price,
      lot: fno ? lotFor(price) : 0,
      isin: newIsin(),
      nseToken: nextNseToken++,
      bseCode: nextBse++,
      nse: fno || onBoth < 0.62,
      bse: fno || onBoth > 0.3,
      bseGroup: fno ? 'A' : rng.pick(BSE_GROUPS),
    });
  }
  return out;
}

/** Exchange-style lot: contract value near ₹6 lakh, rounded to a round number. */
export function lotFor(price: number): number {
  const raw = 600_000 / price;
  const unit = raw >= 5000 ? 500 : raw >= 1000 ? 100 : raw >= 200 ? 25 : raw >= 20 ? 5 : 1;
  return Math.max(1, Math.round(raw / unit) * unit);
}
