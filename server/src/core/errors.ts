// Every failure the API answers is an HttpError: a status, a translation key (the Translates code
// the browser shows) and the Turkish message for clients that do not translate.
export interface FieldError {
  field: string;
  code: string;
  message: string;
  params?: Record<string, unknown>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params?: Record<string, unknown>;
  readonly fields?: FieldError[];
  readonly current?: Record<string, unknown>;
  constructor(status: number, code: string, message: string, extra: { params?: Record<string, unknown>; fields?: FieldError[]; current?: Record<string, unknown> } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = extra.params;
    this.fields = extra.fields;
    this.current = extra.current;
  }
}

/** Turkish messages of the validation keys; `{field}` is the property, the browser puts the label in its place. */
const VALIDATION_MESSAGES: Record<string, string> = {
  required: '{field} zorunludur.',
  minimum: '{field} en az {min} olmalı.',
  exclusiveMinimum: '{field} {min} değerinden büyük olmalı.',
  maximum: '{field} en fazla {max} olmalı.',
  minLength: '{field} en az {min} karakter olmalı.',
  maxLength: '{field} en fazla {max} karakter olmalı.',
  pattern: '{field} geçerli biçimde değil.',
  format: '{field} geçerli biçimde değil.',
  type: '{field} geçerli bir değer değil.',
  enum: '{field} izin verilen değerlerden biri olmalı.',
  unique: '{field} zaten kullanılıyor.',
  identityNumberTaken: '{field} zaten {code} kodlu {title} hesabında kayıtlı.',
  lookupNotFound: '{field} için seçilen kayıt bulunamadı.',
  unknownColumn: '{field} bilinmeyen bir sütun.',
  matchMode: '{field} için bu eşleşme türü kullanılamaz.',
  filterValue: '{field} için filtre değeri geçersiz.',
  invalid: '{field} geçersiz.',
  nulCharacter: '{field} NUL karakteri (U+0000) içeremez.',
  cycle: '{field} bir döngü oluşturuyor: kaydın kendisi ya da alt kayıtlarından biri seçilemez.',
  attributeValueType: '{field} özelliğin veri tipine uymuyor.',
  optionOnlyForSelect: '{field} yalnızca seçim tipindeki özelliklerde kullanılır.',
  optionOfOtherAttribute: '{field} bu özelliğe ait değil.',
  inactiveDefault: '{field} yalnızca etkin bir kayıtta seçilebilir.',
  notAnimal: '{field} kurbanlık bir hayvan olmalı (hisse kapasitesi olan bir ürün).',
  notSlaughterSlot: '{field} bir kesim randevusu olmalı.',
  discountAboveSubtotal: '{field} hisse sayısı × hisse fiyatından büyük olamaz.',
  notOrderAccount: '{field} siparişin carisi olmalı.',
  notOrderCurrency: '{field} siparişin para birimi olmalı.',
  virtualPosRequired: 'Sanal POS ile ödemede {field} seçilmelidir.',
  virtualPosNotAllowed: '{field} yalnızca sanal POS ödemelerinde seçilir.',
  systemTransactionType: '{field} elle kullanılamaz: satış ve tahsilat hareketlerini sistem işler.',
  directionMismatch: '{field} sistem koduna uymuyor.',
  endsBeforeStart: '{field} başlangıçtan sonra olmalı.',
  dateOrder: '{field} başlangıçtan önce olamaz.',
  amountsMismatch: '{field} toplamı ({sum}) toplam tutara ({total}) eşit olmalı.',
  duplicate: '{field} içinde aynı kayıt birden fazla kez var.',
  messageSyntax: '{field} geçerli bir mesaj değil: {reason}. Yer tutucular süslü parantez içinde yazılır; süslü parantezin kendisini yazmak için onu tek tırnak içine alın.',
  commonPassword: '{field} çok yaygın bir şifre; tahmin edilmesi zor, başka bir şifre seçin.',
  noSharePrice: '{field} için sipariş tarihinde geçerli bir hisse fiyatı yok; önce fiyat listesine hisse fiyatı ekleyin.',
  maxItems: '{field} en fazla {max} kayıt içerebilir.',
  inactive: '{field} etkin değil; etkin bir kayıt seçin.',
  oneBuyer: 'Müşteri ya kayıtlı bir cari ({field}) ya da yeni bir müşteri olmalı, ikisi birden değil.',
};

export function fieldError(field: string, rule: string, params: Record<string, unknown> = {}): FieldError {
  const template = VALIDATION_MESSAGES[rule] ?? VALIDATION_MESSAGES.invalid;
  const message = template.replace(/\{(\w+)\}/g, (_, k: string) => (k === 'field' ? field : String(params[k] ?? '')));
  return { field, code: `validation.${rule in VALIDATION_MESSAGES ? rule : 'invalid'}`, message, ...(Object.keys(params).length ? { params } : {}) };
}

export const badRequest = (fields: FieldError[]) =>
  new HttpError(400, 'error.validation', fields.map((f) => f.message).join(' '), { fields });
export const notFound = () => new HttpError(404, 'error.notFound', 'Kayıt bulunamadı.');
export const unauthorized = (code = 'error.unauthorized', message = 'Oturumunuz sona erdi, lütfen yeniden giriş yapın.') => new HttpError(401, code, message);
/** Past a budget of attempts: the answer's Retry-After header repeats `seconds` (plugins/envelope.ts). */
export const tooManyRequests = (seconds: number) =>
  new HttpError(429, 'error.tooManyRequests', `Çok fazla deneme yapıldı, lütfen ${seconds} saniye sonra yeniden deneyin.`, { params: { seconds } });
/** Whether `err` is an HttpError with this code (a predicate, for `RateLimits.failures`). */
export const hasCode = (code: string) => (err: unknown) => err instanceof HttpError && err.code === code;
export const forbidden = (claim: string) => new HttpError(403, 'error.forbidden', 'Bu işlem için yetkiniz yok.', { params: { claim } });
