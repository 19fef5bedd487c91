#pragma once
#include <vector>
#include <transformers/transformers.h>
