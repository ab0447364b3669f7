/**
 * Function words dropped from keyword queries. PostgreSQL's english configuration already drops English
 * ones; Hindi and Gujarati words pass its parser untouched, so their function words are removed here.
 * Query scaffolding ("what is", "section", "punishment for") is kept out of the list on purpose: those
 * words are weighted by IDF, not removed.
 */
export const INDIC_STOPWORDS = new Set([
  // Hindi
  'का', 'की', 'के', 'को', 'में', 'से', 'पर', 'ने', 'है', 'हैं', 'था', 'थी', 'थे', 'और', 'या', 'एक', 'यह', 'वह', 'इस', 'उस',
  'लिए', 'क्या', 'कैसे', 'कब', 'कौन', 'जो', 'तो', 'भी', 'ही', 'हो', 'गया', 'गई', 'गए', 'कर', 'करना', 'किया', 'द्वारा', 'बाद',
  'साथ', 'तक', 'अपने', 'उसके', 'उनके', 'दिया', 'रहा', 'रही', 'जाता', 'जाती', 'होता', 'होती', 'हुआ', 'हुई', 'बारे',
  // Gujarati
  'નો', 'ની', 'નું', 'ના', 'ને', 'માં', 'થી', 'પર', 'એ', 'છે', 'હતો', 'હતી', 'હતું', 'હતા', 'અને', 'કે', 'અથવા', 'એક', 'આ', 'તે',
  'માટે', 'શું', 'કેવી', 'ક્યારે', 'કોણ', 'જે', 'તો', 'પણ', 'જ', 'કરી', 'કર્યું', 'કર્યો', 'દ્વારા', 'પછી', 'સાથે', 'સુધી',
  'પોતાના', 'તેના', 'તેમના', 'આપી', 'રહ્યો', 'થયો', 'થઈ', 'વિશે',
]);
