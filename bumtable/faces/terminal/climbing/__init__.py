"""The climbing games in the terminal (The Bum Game, President, Zheng Shangyou, Arsehole): one face for all."""
