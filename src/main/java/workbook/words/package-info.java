/** Words layer. Sentences in Korean and English from {@code messages_<lang>.properties}, with Korean particles chosen after numbers and names. */
package workbook.words;
