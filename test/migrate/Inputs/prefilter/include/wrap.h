#pragma once
#include <string>
#include "deep.h"
