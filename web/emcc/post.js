  return QipanEngine;
}
